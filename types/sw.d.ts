// What the server writes before the service worker's text (tracker/web/pages/app_shell.py), for
// TypeScript's check of static/sw.js (jsconfig.workers.json).
declare const VERSION: string;
declare const STATIC_AT: string;  // "/static/<version>/"
declare const STATIC: string[];
declare const OFFLINE_PAGE: string;
declare const NOT_SENT_PAGE: string;
