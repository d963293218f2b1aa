/**
 * The attack suite's one line per attack (`npm run audit:server` gathers them into a table): how many attempts the
 * test made, how many got through (did what the attacker wanted) and how many left data lost or leaked. A test
 * reports, then asserts that nothing got through, so a regression both fails and shows in the table.
 *
 *   reportAttack(t, 'merge with 1e9 chunks', { attempts: 3, gotThrough: 0, dataLost: 0 });
 */
import type { TestContext } from 'node:test';

export interface AttackOutcome {
  attempts: number;
  gotThrough: number;
  dataLost: number;
}

/** The marker the audit script looks for in the test runner's output. */
export const ATTACK_LINE = 'attack-report';

export function reportAttack(t: TestContext, name: string, outcome: AttackOutcome): void {
  t.diagnostic(`${ATTACK_LINE} ${JSON.stringify({ name, ...outcome })}`);
}
