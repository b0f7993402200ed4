/**
 * Where a "third-world countries only" fee is offered: the World Bank's low-income and
 * lower-middle-income economies (ISO 3166-1 alpha-2), as the country field stores them.
 */
export const DEVELOPING_ECONOMIES: ReadonlySet<string> = new Set(
  (
    'AF BF BI CD CF ER ET GM GN GW KP LR MG ML MW MZ NE RW SD SL SO SS SY TD TG UG YE ' +
    'AO BD BJ BO BT CG CI CM DJ EG FM GH HN HT IN IR KE KG KH KI KM LA LB LK LS MA MM MN MR NG NI NP PG PH PK PS SB SN ST SZ TJ TL TN TZ UZ VN VU WS ZM ZW'
  ).split(' '),
);

export function isDevelopingEconomy(country: string | undefined | null): boolean {
  return !!country && DEVELOPING_ECONOMIES.has(country);
}
