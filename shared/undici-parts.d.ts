// undici's own modules, imported directly by http.ts; typed there through the package's public types.
declare module "undici/lib/dispatcher/client.js";
declare module "undici/lib/api/api-request.js";
