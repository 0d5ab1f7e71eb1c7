// The response example of each operation: one real 200 answer per GET operation that answers JSON, taken from the
// demo by `npm run openapi:voorbeelden` (scripts/openapi-voorbeelden.ts) and shortened (arrays cut to two items,
// long text cut). The OpenAPI document shows it as the example of the 200; lib/api/voorbeelden.test.ts checks
// every example against its operation's 200 schema and that no operation lacks one.
import voorbeelden from './voorbeelden.json';

const alle: Readonly<Record<string, unknown>> = voorbeelden;

/** The stored example answer (the whole envelope) of an operation, or undefined when it has none. */
export function voorbeeldVan(operationId: string): unknown {
  return Object.hasOwn(alle, operationId) ? alle[operationId] : undefined;
}

/** The operation ids that have a stored example. */
export function operatiesMetVoorbeeld(): string[] {
  return Object.keys(alle);
}
