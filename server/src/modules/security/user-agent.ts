/** Device and browser names from a User-Agent header, for the Sessions list (a rough guide, not proof). */

const DEVICES: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

// Order matters: Edge and Opera say Chrome too, Chrome says Safari too.
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/Firefox\/(\d+)|FxiOS\/(\d+)/, 'Firefox'],
  [/HeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/Chrome\/(\d+)|CriOS\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

export function describeUserAgent(ua: string | null): { device: string; browser: string } {
  if (!ua) {
    return { device: 'Unknown device', browser: 'Unknown browser' };
  }
  const device = DEVICES.find(([re]) => re.test(ua))?.[1] ?? 'Unknown device';
  for (const [re, name] of BROWSERS) {
    const m = ua.match(re);
    if (m) {
      const version = m.slice(1).find(Boolean);
      return { device, browser: version ? `${name} ${version}` : name };
    }
  }
  return { device, browser: /curl|node|undici|axios|python/i.test(ua) ? 'Script' : 'Unknown browser' };
}
