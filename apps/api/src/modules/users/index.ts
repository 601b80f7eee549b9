/**
 * The users module's surface (decision 053): its service and routes for app.ts, the steps of a
 * removal, which the remove-user flow runs inside its transaction, and the hold on an account's
 * row that a change of what it owns (a cart, an address book) takes first.
 */
export { holdAccount } from './hold-account';
export { type RemoveUser, usersRoutes } from './users.routes';
export { createUsersService, removalOf, removeUserIn, type UsersService } from './users.service';
