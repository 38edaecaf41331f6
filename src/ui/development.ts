// Whether the people looking are most likely the merchant's developers: a development build by the
// merchant's bundler, or a page served from this machine. Our own builds (the embed, the hosted page)
// are production builds, so for them the page decides: a developer's first try runs on localhost.
declare const process: { env: { NODE_ENV?: string } };

/** The merchant's bundler built for development (where none replaced NODE_ENV, it throws: production). */
export function developmentBuild(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return false;
  }
}

const LOOPBACK = /^(?:localhost|.+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

export const inDevelopment = (hostname: string | undefined = globalThis.location?.hostname): boolean =>
  developmentBuild() || (hostname !== undefined && LOOPBACK.test(hostname));
