"use client";
// A page without a rating panel after "n" (the end of the queue): keys typed on the way are not
// for any item, so the hold lets go of them at once instead of swallowing typing for 15 s.
import { useEffect } from "react";
import { sharedKeyHold } from "./key-hold";

export function ReleaseHeldKeys() {
  useEffect(() => {
    sharedKeyHold()?.cancel();
  }, []);
  return null;
}
