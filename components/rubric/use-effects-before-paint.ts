import { useLayoutEffect, useState } from "react";

/**
 * Makes React run the passive effects (useEffect) of the commit that mounts the caller before
 * the browser paints it. After `n` the router commits the next case as a transition, and React
 * runs a transition's passive effects only after the paint: the case would be on screen for a
 * frame or more with its keys dead. The keys stay bound in effects: the rating bar's, the case
 * column's and the record viewer's (`/`, j / k) go live together, in their usual order, and
 * `data-keys-ready` never comes before `/` works (binding the bar's in a layout effect broke
 * that). An update in the layout phase is synchronous, and React runs the pending passive effects, all
 * of them in their usual order, before it renders it. Costs one re-render of the caller.
 */
export function useEffectsBeforePaint(): void {
  const [, setLaidOut] = useState(false);
  useLayoutEffect(() => setLaidOut(true), []);
}
