/** Admission control: refusing new players when the process is overloaded (docs/server.md "Admission control"). */
export { Admission, DEFAULT_ADMISSION, type AdmissionLimits, type AdmissionProbe } from './admission.js';
export { Watchers, WATCHER_GRACE_MS, WATCHER_MEMORY_MS, type WatcherPlace, type WatcherPlaces } from './watchers.js';
