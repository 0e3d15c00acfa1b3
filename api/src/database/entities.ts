import { ClientErrorReport } from '../client-errors/client-error-report.entity.js';
import { CalculationSession } from '../survey/calculation-session.entity.js';

/** Every table's entity. Listed once, for the app and the migration CLI alike. */
export const ENTITIES = [CalculationSession, ClientErrorReport];
