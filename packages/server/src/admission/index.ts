/** Admission control: refusing new seats when the process is overloaded (docs/server.md "Admission control"). */
export { Admission, admissionFromEnv, DEFAULT_ADMISSION, type AdmissionLimits, type AdmissionProbe } from './admission.js';
