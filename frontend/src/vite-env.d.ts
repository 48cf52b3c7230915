/// <reference types="vite/client" />

/** The id of this frontend build, compared with builds/latest.json to detect a new deployment. */
declare const __BUILD_ID__: string;
