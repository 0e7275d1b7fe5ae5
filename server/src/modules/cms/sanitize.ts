import sanitizeHtml from 'sanitize-html';

const ALIGN = [/^(left|right|center|justify)$/];
// The editor offers 8..96 px; other absolute units are accepted so pasted text keeps its size.
const FONT_SIZE = [/^\d{1,3}(\.\d{1,2})?(px|pt|em|rem|%)$/];
const LENGTH = [/^\d{1,4}(\.\d{1,2})?(px|%)$/, /^auto$/];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'div',
    'span',
    'blockquote',
    'pre',
    'code',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'mark',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height', 'style'],
    ol: ['start'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': { 'text-align': ALIGN, 'font-size': FONT_SIZE },
    img: { width: LENGTH, height: LENGTH, 'max-width': LENGTH },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  // Dropped with their content, not just unwrapped.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // An image stored without a description is marked decorative (alt="") so a screen reader
    // skips it instead of reading out its file name; the editor asks for the description.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '' } }),
    a: (tagName, attribs) => {
      const out = { ...attribs };
      if (out.target && out.target !== '_blank') {
        delete out.target;
      }
      if (out.target === '_blank') {
        out.rel = 'noopener noreferrer nofollow';
      }
      return { tagName, attribs: out };
    },
  },
};

/**
 * The allow-list every static page goes through before it is stored and again before it is
 * served: headings, lists, links, images, alignment and font sizes survive; scripts, event
 * attributes (on*), javascript:/data: URLs and anything else do not. Every image leaves with an alt.
 */
export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
