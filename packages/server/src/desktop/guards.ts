/**
 * The caller is always the session's user (DESIGN §5): a `userId`, `unitId` or `parentId` parameter that names
 * someone else is refused with 403, never trusted.
 */
import { fail, type Envelope } from '../http/envelope.ts';
import { MESSAGES } from '../http/messages.ts';

export const forbidden = (message: string = MESSAGES.forbidden): Envelope<never> => fail(403, 'forbidden', message);

/** Whether an optional id parameter is absent, empty or equal to `own`. */
export const namesOwn = (value: string | number | undefined, own: number): boolean =>
  value === undefined || value === '' || Number(value) === own;

/** A string id pattern for query and body fields (ids are strings on the wire). */
export const idSchema = { type: 'string', pattern: '^[0-9]{1,18}$' } as const;
/** An id that may also be sent empty (the client sends `unitId=` when it has none). */
export const optionalIdSchema = { type: 'string', pattern: '^[0-9]{0,18}$' } as const;
