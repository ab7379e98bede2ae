/**
 * The map feature's public surface: the /map page, the home page's map (composed by the app shell), and
 * the shell and types the spots code builds on.
 */
export { MapPage } from './pages/map-page';
export { MapShell, type MapShellProps } from './components/map-shell';
export { useMapShell, type MapShellApi } from './components/map-shell-context';
export type { SearchHit, SpotSearch } from './model/search';
export type { LatLng } from '@schema/contracts/grid/coordinates';
