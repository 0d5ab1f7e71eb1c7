// Public surface of the nulmeting reader.
export { leesNulmeting } from './lees';
export { labelsprong } from './labelsprong';
export { GEZOCHTE_VELDEN } from './herkenning';
export { MAX_DEPTH, MAX_ELEMENTS } from './structure-scan';
