/** SPEC: map default zoom 13 in the initiative detail (18 in the proposal wizard). Its own module: the map card (lazy-map.tsx) needs it without loading MapView. */
export const DETAIL_ZOOM = 13;
