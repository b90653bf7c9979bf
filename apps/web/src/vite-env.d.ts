/// <reference types="vite/client" />

/** Injected by Vite's `define`: the id written to `build.json` by the same build. */
declare const __BUILD_ID__: string;
