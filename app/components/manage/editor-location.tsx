/**
 * Where an initiative happens, in the editor: in person (address, its detail, and a pin found by
 * address search, a click or drag on the map, or typed coordinates) and/or remote (its link).
 * The search asks GET /geocode (the one geocoder interface, workers/geocoding); a place found only
 * approximately (a city's centre for a street) says so until the pin is moved or the coordinates are
 * typed (issue 28), and the form sends that precision with the place (`location_precision`), so the
 * pages say it too, whichever geocoder found it. The map is a static card until the organiser asks for it (LazyMap), so the
 * editor's first load carries no map code and never waits for it. Without JavaScript the address and
 * the coordinates are plain fields.
 */
import { useEffect, useRef, useState } from "react";
import { LazyMap } from "~/components/map/lazy-map";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { approximationOf, searchPlaces, type Place, type Precision } from "~/lib/browser/geocode";
import { useHydrated } from "~/lib/use-hydrated";
import { CheckboxInput, EditorSection, TextInput } from "./editor-parts";

export interface LocationValues {
  is_in_person: boolean;
  address: string | null;
  address_detail: string | null;
  latitude: number | null;
  longitude: number | null;
  is_remote: boolean;
  remote_url: string | null;
}

type Search = { state: "idle" } | { state: "searching" } | { state: "found"; places: Place[] } | { state: "none" } | { state: "failed" };

/** Six decimals: about 10 cm, more than a pin needs. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

export interface LocationOptions {
  initial: LocationValues;
  center: { latitude: number; longitude: number };
  basemapUrl?: string;
  /** The map's zoom once a place is pinned, and before (the proposal wizard: 18 both, SPEC.md section 9). */
  pinZoom?: number;
  startZoom?: number;
  /** Search as the member types (after a pause of SEARCH_DELAY_MS), as the proposal wizard does. */
  searchAsYouType?: boolean;
  /** Ask for the address's details (the staff editor does; a proposal has none). */
  withDetail?: boolean;
  /** Without the section's own card and heading (the wizard's step has its heading). */
  bare?: boolean;
  /** "In person" as the initiative's type suggests (a new one): followed until the organiser ticks the box themselves. */
  inPersonDefault?: boolean;
  /** How close the stored pin is to the address (as kept with it, or as the geocoder can tell): null, unknown. */
  initialPrecision?: Precision | null;
}

/** SPEC.md section 9: the wizard's address search waits 1 s after the last key. */
export const SEARCH_DELAY_MS = 1000;

export function EditorLocation({ initial, center, basemapUrl, pinZoom = 16, startZoom = 12, searchAsYouType = false, withDetail = true, bare = false, inPersonDefault, initialPrecision = null }: LocationOptions) {
  const { t, i18n } = useTranslation("editor");
  const { t: tm } = useTranslation("map");
  const hydrated = useHydrated();
  const [inPerson, setInPerson] = useState(initial.is_in_person);
  const chosen = useRef(false);
  const suggested = useRef(inPersonDefault);
  // Only a change of the suggestion (the type changed) moves the box, never the first render: a
  // refused save shows the box as it was sent.
  useEffect(() => {
    if (inPersonDefault === undefined || inPersonDefault === suggested.current) return;
    suggested.current = inPersonDefault;
    if (!chosen.current) setInPerson(inPersonDefault);
  }, [inPersonDefault]);
  const [remote, setRemote] = useState(initial.is_remote);
  const [address, setAddress] = useState(initial.address ?? "");
  const [latitude, setLatitude] = useState(initial.latitude === null ? "" : String(initial.latitude));
  const [longitude, setLongitude] = useState(initial.longitude === null ? "" : String(initial.longitude));
  const [search, setSearch] = useState<Search>({ state: "idle" });
  // The chosen place's precision as the search found it; the organiser's own pin or coordinates are exact.
  const [precision, setPrecision] = useState<Precision | null>(initialPrecision);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const place = (lat: number, lng: number, found: Precision = "exact") => {
    setLatitude(String(round(lat)));
    setLongitude(String(round(lng)));
    setPrecision(found);
  };

  async function find(text = address) {
    if (text.trim().length < 2) return;
    setSearch({ state: "searching" });
    const places = await searchPlaces(text.trim(), i18n.language.slice(0, 2));
    if (places === null) return setSearch({ state: "failed" });
    if (!places.length) return setSearch({ state: "none" });
    // One answer is the place; several are offered.
    if (places.length === 1) place(places[0].latitude, places[0].longitude, places[0].precision);
    setSearch({ state: "found", places });
  }

  const pinned = latitude !== "" && longitude !== "" && Number.isFinite(Number(latitude)) && Number.isFinite(Number(longitude));
  const status =
    search.state === "searching"
      ? t("where_searching")
      : search.state === "none"
        ? t("where_not_found")
        : search.state === "failed"
          ? t("where_search_failed")
          : search.state === "found"
            ? search.places.length === 1 && approximationOf(search.places[0].precision)
              ? t("where_found_approximate")
              : t("where_found", { count: search.places.length })
            : "";

  const content = (
    <>
      <CheckboxInput
        name="is_in_person"
        label={t("field_in_person")}
        checked={inPerson}
        onChange={(event) => {
          chosen.current = true;
          setInPerson(event.currentTarget.checked);
        }}
      />
      {/* Without JavaScript the box cannot open the fields: they are always there. */}
      {inPerson || !hydrated ? (
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <TextInput
              className="flex-1"
              name="address"
              label={t("field_address")}
              value={address}
              maxLength={500}
              autoComplete="street-address"
              onChange={(event) => {
                const typed = event.currentTarget.value;
                setAddress(typed);
                if (!searchAsYouType) return;
                clearTimeout(timer.current);
                timer.current = setTimeout(() => void find(typed), SEARCH_DELAY_MS);
              }}
              onKeyDown={(event) => {
                // Enter searches rather than saving the whole form half-filled.
                if (event.key === "Enter" && hydrated) {
                  event.preventDefault();
                  void find();
                }
              }}
            />
            {hydrated ? (
              <Button type="button" variant="outline" onClick={() => void find()} disabled={address.trim().length < 2 || search.state === "searching"}>
                {t("where_search")}
              </Button>
            ) : null}
          </div>
          <p role="status" aria-live="polite" className="text-sm text-muted-foreground empty:hidden">
            {status}
          </p>
          {search.state === "found" && search.places.length > 1 ? (
            <ul aria-label={t("where_results")} className="flex flex-col gap-1">
              {search.places.map((found) => (
                <li key={`${found.latitude},${found.longitude},${found.label}`}>
                  <button type="button" className="text-left text-sm text-brand underline-offset-2 hover:underline" onClick={() => place(found.latitude, found.longitude, found.precision)}>
                    {found.label}
                    {approximationOf(found.precision) ? <span className="text-muted-foreground"> · {tm(`map_approximate_${approximationOf(found.precision)}`)}</span> : null}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {withDetail ? (
            <TextInput name="address_detail" label={t("field_address_detail")} defaultValue={initial.address_detail ?? ""} maxLength={500} hint={t("field_address_detail_hint")} />
          ) : null}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t("field_coordinates")}</legend>
            <div className="grid grid-cols-2 gap-3">
              <TextInput
                name="latitude"
                label={t("field_latitude")}
                inputMode="decimal"
                value={latitude}
                onChange={(event) => {
                  setLatitude(event.currentTarget.value);
                  setPrecision("exact");
                }}
              />
              <TextInput
                name="longitude"
                label={t("field_longitude")}
                inputMode="decimal"
                value={longitude}
                onChange={(event) => {
                  setLongitude(event.currentTarget.value);
                  setPrecision("exact");
                }}
              />
            </div>
            <p className="text-xs text-muted-foreground">{t("field_coordinates_hint")}</p>
          </fieldset>
          {/* Kept with the place (blank without one). Only where the page's script keeps it: without
              JavaScript the organiser types the coordinates, and a stale precision would stay. */}
          {hydrated ? <input type="hidden" name="location_precision" value={pinned ? (precision ?? "") : ""} /> : null}
          {hydrated ? (
            <LazyMap
              latitude={pinned ? Number(latitude) : center.latitude}
              longitude={pinned ? Number(longitude) : center.longitude}
              zoom={pinned ? pinZoom : startZoom}
              label={t("where_map_label")}
              address={address}
              url={basemapUrl}
              onPick={(lat, lng) => place(lat, lng)}
              height={280}
              empty={!pinned}
              precision={pinned ? precision : null}
              showLabel={t("where_open_map")}
            />
          ) : null}
        </div>
      ) : null}
      <CheckboxInput name="is_remote" label={t("field_remote")} checked={remote} onChange={(event) => setRemote(event.currentTarget.checked)} />
      {remote || !hydrated ? <TextInput name="remote_url" type="url" label={t("field_remote_url")} defaultValue={initial.remote_url ?? ""} placeholder="https://" maxLength={2000} /> : null}
    </>
  );
  // Not a component made here: a new type on each render would remount the inputs as the member types.
  return bare ? <div className="flex flex-col gap-4">{content}</div> : (
    <EditorSection id="editor-where" title={t("section_where")}>
      {content}
    </EditorSection>
  );
}
