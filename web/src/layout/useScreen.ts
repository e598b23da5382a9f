import { useSyncExternalStore } from 'react';
import { screenClass, type ScreenClass } from '../shared/menu';

const subscribe = (listener: () => void) => {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
};

/** Spec 01 section 2: the screen size class (0 to 3) of the window's width, following resizes. */
export const useScreen = (): ScreenClass => useSyncExternalStore(subscribe, () => screenClass(window.innerWidth));
