/**
 * The geocoder without a network: the cities of the demo organisations and a few neighbours, matched
 * by name without accents or case. An address that names one of them is placed at its centre (the
 * organiser then drags the pin to the door); the label keeps what was typed, so the address stays theirs.
 * Every place it finds is a city's centre, and says so (`precision: "city"`), so no screen claims the
 * pin is on "Calle Mayor 1" when it is on Puerta del Sol (issue 28).
 */
import type { Geocoder, GeocodeQuery, Place, Precision } from "./geocoder";

interface City {
  name: string;
  country: string;
  latitude: number;
  longitude: number;
  /** Other spellings people type. */
  aliases?: string[];
}

export const OFFLINE_CITIES: City[] = [
  { name: "Madrid", country: "ES", latitude: 40.4168, longitude: -3.7038 },
  { name: "Barcelona", country: "ES", latitude: 41.3874, longitude: 2.1686 },
  { name: "Bilbao", country: "ES", latitude: 43.263, longitude: -2.935, aliases: ["Bilbo"] },
  { name: "Donostia / San Sebastián", country: "ES", latitude: 43.3183, longitude: -1.9812, aliases: ["Donostia", "San Sebastian"] },
  { name: "Valencia", country: "ES", latitude: 39.4699, longitude: -0.3763 },
  { name: "Sevilla", country: "ES", latitude: 37.3891, longitude: -5.9845, aliases: ["Seville"] },
  { name: "Lisboa", country: "PT", latitude: 38.7223, longitude: -9.1393, aliases: ["Lisbon"] },
  { name: "Porto", country: "PT", latitude: 41.1579, longitude: -8.6291, aliases: ["Oporto"] },
  { name: "Costa da Caparica", country: "PT", latitude: 38.6372, longitude: -9.2385, aliases: ["Caparica"] },
  { name: "São Paulo", country: "BR", latitude: -23.5505, longitude: -46.6333, aliases: ["Sao Paulo"] },
  { name: "Rio de Janeiro", country: "BR", latitude: -22.9068, longitude: -43.1729 },
  { name: "Paris", country: "FR", latitude: 48.8566, longitude: 2.3522 },
];

const plain = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

const COUNTRY_NAMES: Record<string, string> = { ES: "España", PT: "Portugal", BR: "Brasil", FR: "France" };

/** A stored point that is one of our city centres to the metre (5 decimals): placed by us, not moved. */
const isCentre = (city: City, latitude: number, longitude: number) => Math.abs(city.latitude - latitude) < 1e-5 && Math.abs(city.longitude - longitude) < 1e-5;

export const offlineGeocoder: Geocoder = {
  kind: "offline",
  approximation(latitude: number, longitude: number): Precision | null {
    return OFFLINE_CITIES.some((city) => isCentre(city, latitude, longitude)) ? "city" : null;
  },
  async search({ text, limit, country }: GeocodeQuery): Promise<Place[]> {
    const query = ` ${plain(text)} `;
    if (query.trim().length < 2) return [];
    const matches = OFFLINE_CITIES.filter((city) =>
      [city.name, ...(city.aliases ?? [])].some((name) => {
        const words = plain(name);
        // The whole name inside the query ("Calle Mayor 1, Madrid"), or the query starting it ("lisb").
        return query.includes(` ${words} `) || words.startsWith(query.trim());
      }),
    );
    matches.sort((a, b) => Number(b.country === country) - Number(a.country === country));
    const typed = query.trim();
    // The city's own name (or its start) gets the city's label; a longer address keeps the words typed.
    const namesCity = (city: City) => [city.name, ...(city.aliases ?? [])].some((name) => plain(name).startsWith(typed));
    return matches.slice(0, limit).map((city) => ({
      label: namesCity(city) ? `${city.name}, ${COUNTRY_NAMES[city.country] ?? city.country}` : text.trim(),
      latitude: city.latitude,
      longitude: city.longitude,
      precision: "city" as const,
    }));
  },
};
