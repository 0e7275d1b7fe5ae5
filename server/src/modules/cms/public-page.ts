import { createHash } from 'node:crypto';
import type { StaticPage } from '@admin/contract';

const TITLES: Record<StaticPage['data_key'], string> = {
  faq: 'FAQ',
  about: 'About',
  privacy: 'Privacy Policy',
  term: 'Terms',
  payment_terms: 'Payment Terms',
  'understanding-your-insight': 'Understanding Your Insight',
  'child-safety-policy': 'Child Safety Policy',
  'advertising-guidelines': 'Advertising Guidelines',
};

const pageTitle = (key: StaticPage['data_key']) => TITLES[key];

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `
  :root { color-scheme: light; }
  body { margin: 0; font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328; background: #fff; }
  main { max-width: 760px; margin: 0 auto; padding: 24px 16px 48px; overflow-wrap: anywhere; }
  h1, h2, h3, h4, h5, h6 { line-height: 1.25; margin: 1.2em 0 0.5em; }
  img { max-width: 100%; height: auto; }
  a { color: #1c7ed6; }
  blockquote { margin: 0; padding-left: 1em; border-left: 3px solid #dee2e6; color: #495057; }
  pre { overflow-x: auto; background: #f6f8fa; padding: 12px; }
  table { border-collapse: collapse; } td, th { border: 1px solid #dee2e6; padding: 4px 8px; }
  .empty { color: #868e96; }
`;

/** The read-only page the mobile app shows; `page.data` is already sanitized. */
export function renderPublicPage(page: StaticPage): string {
  const title = escapeHtml(pageTitle(page.data_key));
  const body = page.data || '<p class="empty">This page has no content yet.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

// The page's frame is part of what a client holds: a new frame (a release) is a new version.
const FRAME = createHash('sha256')
  .update(renderPublicPage({ data_key: 'faq', data: '', updated_at: null }))
  .digest('base64url')
  .slice(0, 10);

/** The version of a public page: its key, when it was last saved, and the frame around it. */
export function pageEtag(key: StaticPage['data_key'], updatedAt: string | null): string {
  return `"${key}-${updatedAt ? Date.parse(updatedAt).toString(36) : 'empty'}-${FRAME}"`;
}

/** If-None-Match holds this ETag (or `*`); weak and strong forms compare alike. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) {
    return false;
  }
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

export function renderNotFoundPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Page not found</title><style>${STYLE}</style></head><body><main><h1>Page not found</h1><p>There is no such page.</p></main></body></html>`;
}
