import { useState } from 'react';

/**
 * What a radio or switch that saves on change shows: the value just chosen, from the click until
 * `settle()` (the save's onSettled: the saved value has been read back, or the save failed), else
 * the saved one. A mutation's own pending state reaches React a tick after the click, and a
 * controlled input would flick back to the saved value meanwhile.
 */
export function useSavedChoice<T>(saved: T | undefined) {
  const [chosen, setChosen] = useState<{ value: T } | null>(null);
  return {
    shown: chosen ? chosen.value : saved,
    choose: (value: T) => setChosen({ value }),
    settle: () => setChosen(null),
  };
}
