import { type ComponentType, isValidElement, useEffect, useState } from 'react';
import type { DataRouter } from 'react-router';
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
  const standIn = function ScreenNotLoaded() {
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
  standIns.add(standIn);
  return standIn;
}

const standIns = new WeakSet<ComponentType>();

/**
 * Whether the router's first screen is in hand, not a stand-in: a page the build rendered ahead
 * of time is hydrated only then, since a stand-in cannot match its HTML (main.tsx). The router
 * keeps a lazy route's `Component` as an element of it.
 */
export const firstScreenArrived = (router: DataRouter) =>
  !router.state.matches.some(({ route }) => {
    const shown = route.Component ?? (isValidElement(route.element) ? route.element.type : null);
    return typeof shown === 'function' && standIns.has(shown as ComponentType);
  });
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
