import { AppError } from '../../http/errors';
import { listCities, listProvinces, type Place } from '../../../shared/activation/places';

/** PSGC provinces (Metro Manila included) for the address step; see src/shared/activation/places.ts. */
export function provinces(): readonly Place[] {
  return listProvinces();
}

/** The cities and municipalities of a province, or 404. */
export function citiesOf(provinceCode: string): readonly Place[] {
  const cities = listCities(provinceCode);
  if (!cities) throw new AppError(404, 'NOT_FOUND');
  return cities;
}
