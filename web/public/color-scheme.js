// Sets the colour scheme before the app's code runs, so a dark page never flashes white.
// Same storage key and values as Mantine's localStorageColorSchemeManager in main.tsx.
(() => {
  try {
    const v = localStorage.getItem('mantine-color-scheme-value');
    const dark = v === 'dark' || (v !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
  } catch {
    // storage or matchMedia unavailable: Mantine decides when it starts
  }
})();
