/**
 * The users module's surface (decision 046): its service and routes for app.ts, and the steps of
 * a removal, which the remove-user flow runs inside its transaction.
 */
export { type RemoveUser, usersRoutes } from './users.routes';
export { createUsersService, removalOf, removeUserIn, type UsersService } from './users.service';
