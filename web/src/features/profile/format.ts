/** A stored YYYY-MM-DD date (no time zone: a birth date) shown as MM-DD-YYYY. */
export function dateOnly(value: string | null | undefined): string {
  if (!value) {
    return '';
  }
  const [y, m, d] = value.split('-');
  return `${m}-${d}-${y}`;
}
