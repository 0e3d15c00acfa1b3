import { CreateCalculationSessionsAndClientErrorReports1795262400000 } from './1795262400000-CreateCalculationSessionsAndClientErrorReports.js';

/** Every migration, oldest first. Listed rather than found by a file pattern, so tests and the build agree. */
export const MIGRATIONS = [CreateCalculationSessionsAndClientErrorReports1795262400000];
