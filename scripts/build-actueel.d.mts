// Types for scripts/build-actueel.mjs.
/** True when .next/BUILD_ID exists and is not older than the sources it was built from. */
export declare function buildIsCurrent(root?: string): boolean;
