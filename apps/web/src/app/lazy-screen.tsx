import { type ComponentType, useEffect, useState } from 'react';
import { LazyPiece } from '../components/ui/lazy-piece';
import { Spinner } from '../components/ui/spinner';
import { type LazyModule, lazyModule } from '../lib/lazy-module';

/**
 * Stands in for a screen whose code did not arrive: the message and Retry in the page area, the
 * navbar and footer still there, then the screen once its code loads. The first mount shows the
 * failure that brought it; a later visit to the page tries again by itself.
 */
function screenNotLoaded(screen: LazyModule<{ default: ComponentType }>, error: unknown) {
  let failedBefore = error;
  return function ScreenNotLoaded() {
    const [failed] = useState(failedBefore);
    useEffect(() => {
      failedBefore = undefined;
    }, []);
    return (
      <LazyPiece
        module={screen}
        failed={failed}
        placeholder={<Spinner label="Loading the page" />}
        failedTitle="This page could not be loaded"
        headingLevel={1}
      >
        {({ default: Screen }) => <Screen />}
      </LazyPiece>
    );
  };
}

/**
 * A route's `lazy`: screens other than home load on demand, so the home page ships only its own
 * code. React Router keeps a failed `lazy` for good (a Retry could never load it), so a screen
 * whose code fails even after a retry resolves to a stand-in that can load it later.
 */
export const lazyScreen = (load: () => Promise<{ default: ComponentType }>) => async () => {
  const screen = lazyModule(load);
  try {
    return { Component: (await screen.load()).default };
  } catch (error) {
    return { Component: screenNotLoaded(screen, error) };
  }
};
