import { zodResolver } from '@hookform/resolvers/zod';
import { LoginSchema } from '@shop/shared';

/** The login form's check, in a module of its own so that it can load apart from the form. */
export const loginResolver = zodResolver(LoginSchema);
