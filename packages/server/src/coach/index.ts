/** The coach (issue 17; docs/server.md "The coach"): settings graded by exact EV, stored, and read back over HTTP. */
export { Coach, type CoachOptions, type RoundGrader } from './coach.js';
export { GradePool, type ExactScores, type GradePoolOptions } from './grade-pool.js';
export { coachReader, type CoachReader } from './grades.js';
export { coachRoutes, dailyRoutes } from './routes.js';
export { DailyChallenge } from './daily.js';
