/**
 * One CSV cell (RFC 4180 quoting; NULL and undefined are empty). Two styles:
 * - 'spreadsheet' (default): values as the app holds them (Date as ISO, objects as JSON); text
 *   starting with = + - @ (or tab/CR) gets a leading apostrophe, since a spreadsheet would run it
 *   as a formula.
 * - 'copy': the way PostgreSQL's COPY ... CSV writes a cell: '' is quoted so it differs from NULL;
 *   the SELECT has already made the text safe (phones may start with + or - legitimately).
 */
export function csvCell(v: unknown, style: 'spreadsheet' | 'copy' = 'spreadsheet'): string {
  if (v === null || v === undefined) {
    return '';
  }
  if (style === 'copy') {
    const s = String(v);
    return s === '' || /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  }
  const s = typeof v === 'string' ? v : v instanceof Date ? v.toISOString() : JSON.stringify(v);
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
