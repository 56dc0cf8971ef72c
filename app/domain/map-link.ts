/** A link that opens a place in OpenStreetMap, which phones hand to a maps app that knows its links (the map card, the reminder e-mail). */
export const externalMapUrl = (latitude: number, longitude: number, zoom: number) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${zoom}/${latitude}/${longitude}`;

/** The same for an address without a pin: OpenStreetMap's search for it. */
export const addressMapUrl = (address: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
