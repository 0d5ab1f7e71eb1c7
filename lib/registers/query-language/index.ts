// The enterprise layer of the collection-register list operations: waar (filter), velden (field
// selection) and sorteer (sort). See README.md in this folder for the syntax.
export * from './catalogue';
export type { WaarExpr, Voorwaarde, Waarde } from './ast';
export { QueryTaalFout, problemVoor, type EnterpriseParam } from './errors';
export { tokenize, type Token } from './tokenizer';
export { parseWaar, WAAR_LIMIETEN } from './waar-parser';
export { parseVelden, VELDEN_MAX_LENGTE } from './velden';
export { parseSorteer, metTiebreaker, SORTEER_MAX_VELDEN, SORTEER_MAX_LENGTE, type SorteerTerm } from './sorteer';
export { compileWaar, escapeLike } from './compile-waar';
export { compileSorteer } from './compile-sorteer';
export { selectFields, kolomVolgorde } from './select-fields';
export { leesEnterpriseParams, type EnterpriseInvoer, type EnterpriseParams } from './params';
export { enterpriseQueryParams } from './schema';
