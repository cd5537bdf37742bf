// The country of a client address, looked up at ingest in the GeoLite2 country table that the
// geoip-country package ships (loaded into memory once; a lookup is a binary search of a few
// microseconds). Only the ISO code is stored, never the address.
import geoip from 'geoip-country';

/** ISO 3166-1 alpha-2 code, or '' for a private, reserved or unknown address. */
export function countryOf(ip: string): string {
  if (!ip) return '';
  return geoip.lookup(ip)?.country ?? '';
}
