import { permits, type Caller } from '../auth/roles.ts';
import { methodsOf, type AnyRoute, type HttpMethod } from './route-definition.ts';

/** The routes of the namespace, grouped by path in registration order (the index and /doc read it). */
export class RouteTable {
  readonly byPath = new Map<string, AnyRoute[]>();

  add(route: AnyRoute): void {
    const missing =
      !route.schema?.response || Object.keys(route.schema.response).length === 0
        ? 'response schema'
        : !route.permission
          ? 'declared permission'
          : undefined;
    // Start-up check (house style habit 1): no route without a contract.
    if (missing) throw new Error(`Route ${methodsOf(route).join(',')} ${route.path} has no ${missing}`);
    this.byPath.set(route.path, [...(this.byPath.get(route.path) ?? []), route]);
    this.allowed.clear();
  }

  /** The namespaces each path is mounted under (the tickets' are not the events' alias's: decision 0108). */
  private readonly mounts = new Map<string, Set<string>>();

  mount(path: string, namespace: string): void {
    this.mounts.set(path, new Set([...(this.mounts.get(path) ?? []), namespace]));
  }

  /** The paths mounted under `namespace`, with their routes, in registration order. */
  pathsIn(namespace: string): [string, AnyRoute[]][] {
    return [...this.byPath].filter(([path]) => this.mounts.get(path)?.has(namespace) ?? false);
  }

  /** `allowedMethods` by role and path: every answer sends them (`Allow`). */
  private readonly allowed = new Map<string, readonly HttpMethod[]>();

  /**
   * In registration order, as WordPress lists them (`Allow: GET, DELETE, POST, PUT, PATCH` for
   * venues). Permissions are capabilities of roles (roles.ts): the caller's role decides.
   */
  allowedMethods(path: string, caller: Caller | null): readonly HttpMethod[] {
    const key = `${caller?.role ?? ''} ${path}`;
    let methods = this.allowed.get(key);
    if (methods === undefined) {
      methods = [
        ...new Set(
          (this.byPath.get(path) ?? []).filter((route) => permits(route.permission, caller)).flatMap(methodsOf),
        ),
      ];
      this.allowed.set(key, methods);
    }
    return methods;
  }
}
