import { describe, expect, it } from 'vitest';
import { sanitizePageHtml } from './sanitize';

describe('sanitizePageHtml', () => {
  it('keeps headings, lists, links, images, alignment and font sizes', () => {
    const html =
      '<h2 style="text-align: center">Title</h2><p style="text-align: right"><span style="font-size: 24px">Big</span> <strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><a href="https://example.com" target="_blank">link</a>' +
      '<img src="https://example.com/a.png" alt="A">';
    const out = sanitizePageHtml(html);
    expect(out).toContain('<h2 style="text-align:center">Title</h2>');
    expect(out).toContain('<p style="text-align:right"><span style="font-size:24px">Big</span>');
    expect(out).toContain('<strong>b</strong> <em>i</em> <u>u</u> <s>s</s>');
    expect(out).toContain('<ul><li>one</li></ul><ol><li>two</li></ol>');
    expect(out).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">link</a>',
    );
    expect(out).toContain('<img src="https://example.com/a.png" alt="A" />');
  });

  it('gives an image without a description an empty alt (decorative) and keeps a given one', () => {
    expect(sanitizePageHtml('<img src="/a.png"><img src="/b.png" alt="A bridge">')).toBe(
      '<img src="/a.png" alt="" /><img src="/b.png" alt="A bridge" />',
    );
  });

  it('drops scripts with their content, and styles', () => {
    expect(sanitizePageHtml('<p>a</p><script>alert(1)</script><style>p{}</style>')).toBe('<p>a</p>');
  });

  it('drops event attributes', () => {
    expect(sanitizePageHtml('<p onclick="x()">a</p><img src="https://e.com/i.png" onerror="x()">')).toBe(
      '<p>a</p><img src="https://e.com/i.png" alt="" />',
    );
  });

  it('drops javascript:, data: and protocol-relative URLs', () => {
    const out = sanitizePageHtml(
      '<a href="javascript:alert(1)">x</a><a href="JaVaScRiPt&colon;alert(1)">y</a><img src="data:image/svg+xml,<svg onload=alert(1)>"><a href="//evil.com">z</a>',
    );
    expect(out).not.toMatch(/javascript|data:|evil/i);
    expect(out).toContain('<a>x</a>');
  });

  it('drops iframes, forms, unknown styles and style values outside the allow-list', () => {
    const out = sanitizePageHtml(
      '<iframe src="https://e.com"></iframe><form><input></form><p style="position: fixed; text-align: evil; font-size: expression(1)">t</p>',
    );
    expect(out).toBe('<p>t</p>');
  });

  it('keeps mailto and relative links', () => {
    expect(sanitizePageHtml('<a href="mailto:a@b.c">m</a><a href="/pages/faq">f</a>')).toBe(
      '<a href="mailto:a@b.c">m</a><a href="/pages/faq">f</a>',
    );
  });
});
