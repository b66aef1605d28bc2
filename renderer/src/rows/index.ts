// Reading a view's rows, apart from drawing them (table/): the blocks of a view's traversal and the
// memory of recently seen views, the loaders a table shows rows from (by block, a scan, a search in
// a held list) and the far jumps walked by cursor; a window's own store of them (RowsStore); what
// changed in a list since the person last looked (ChangeMarks). The one way in for the rest of the
// renderer.
export { BlockLoader } from './block-loader';
export { ChangeMarks, markerOf, type RowChange, type RowMark } from './change-marks';
export type { WalkProgress } from './cursor-walk';
export { askFirstPage, FIRST_VIEW, showsFirstView, type EarlyPage } from './first-page';
export { HeldSearchLoader } from './held-search-loader';
export { loaderKindOf, type LoaderKind } from './loader-choice';
export type { HeldListStatuses } from './held-list-statuses';
export type { RowSource } from './row-loader';
export { RowsStore } from './rows-store';
export { ScanLoader } from './scan-loader';
export { FRESH_MS } from './traversal';
