export { addressesRoutes } from './addresses.routes';
export { createAddressesService } from './addresses.service';
export { profilesRoutes } from './profiles.routes';
export { createProfilesService } from './profiles.service';
