/** The site and partner settings' injection token, apart from the module so that the module's own controllers can use it. */
export const SITE_CONFIG = Symbol('SITE_CONFIG');
