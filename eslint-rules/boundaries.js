import path from 'node:path';
import { builtinModules } from 'node:module';

/**
 * Every import-direction rule of src/, in one place and one mechanism (docs/conventions.md,
 * docs/decisions/065). Each import is seen whatever its form: `import`, `export ... from` and a
 * dynamic `import()` alike. Relative specifiers are resolved against the importing file, so
 * `../other`, `../../modules/other/x` and `../../features/other/deep/x` are all seen.
 *
 * - src/shared is pure TypeScript for browser and server: nothing from server/ or web/, no Node
 *   built-in, no server or UI package.
 * - src/web is browser code: nothing from server/, no Node built-in, no server package.
 * - A web feature (src/web/features/<name>) is used from anywhere else in web/ (pages, the app's
 *   layouts, another feature) only through its entry point, features/<name>/index.ts. A dynamic
 *   `import()` of one file of a feature is its lazily loaded entry point (routing it through
 *   index.ts would pull the whole feature into the page's chunk), so it is allowed.
 * - src/server never imports web/, and its layers (LAYERS below) import only the layers beneath
 *   them; the units of a layer marked `apart` never import each other (two modules, the ledger and
 *   the providers).
 *
 * (A local rule: the maintained plugins that do this resolve through native bindings the package
 * registry here does not serve for every platform, which breaks `npm ci`; see docs/decisions/002.)
 */
const SRC = path.resolve(import.meta.dirname, '..', 'src');
const SERVER = path.join(SRC, 'server');
const SHARED = path.join(SRC, 'shared');
const WEB = path.join(SRC, 'web');
const MODULES = path.join(SERVER, 'modules');
const FEATURES = path.join(WEB, 'features');

/**
 * The server's layers, lowest first. A unit is a folder or a file of src/server (without extension);
 * a file belongs to the unit with the longest matching path. `modules/*` makes each module a unit of
 * its own. In a layer marked `apart` the units never import each other (two modules; the ledger and
 * the providers); in the others they are parts of one whole. The domain layer (the rules the modules
 * share) is declared before it has code.
 */
export const LAYERS = [
  // Plain settings and helpers every layer may use.
  { layer: 'base', units: ['clock', 'config', 'paths', 'lazy', 'types', 'http/trust-proxy'] },
  { layer: 'db', units: ['db'] },
  // The error every layer above the database may answer with (AppError) and what it needs.
  { layer: 'errors', units: ['http/errors', 'http/language', 'http/db-unavailable'] },
  // The money book and the outside world, and the other services a module calls.
  { layer: 'services', units: ['ledger', 'providers', 'audit', 'company', 'otp', 'sessions', 'staff'], apart: true },
  { layer: 'product', units: ['product'] },
  // The app's dependencies (one interface), and what reads them: the request plumbing and the sync
  // of the company profile and product versions between processes.
  { layer: 'deps', units: ['deps'] },
  { layer: 'http', units: ['http', 'product/sync'] },
  { layer: 'domain', units: ['domain'] },
  { layer: 'modules', units: ['modules/*'], apart: true },
  // Composition: the jobs, the operator's channel and the staff-account creation (the user:create
  // script and the admin socket), which use the modules' rules.
  { layer: 'jobs', units: ['jobs', 'ops', 'staff/create'] },
  { layer: 'app', units: ['app'] },
  { layer: 'main', units: ['main'] },
];

/** The unit and layer rank of a path inside src/server (without extension), or null. */
export function serverUnitOf(file) {
  const rel = path
    .relative(SERVER, file)
    .split(path.sep)
    .join('/')
    .replace(/\.(tsx?|jsx?|mjs)$/, '')
    .replace(/\/index$/, '');
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  let best = null;
  LAYERS.forEach(({ layer, units, apart = false }, rank) => {
    for (const unit of units) {
      let name = unit;
      if (unit.endsWith('/*')) {
        const base = unit.slice(0, -2);
        if (!rel.startsWith(`${base}/`)) continue;
        name = `${base}/${rel.slice(base.length + 1).split('/')[0]}`;
      }
      if ((rel === name || rel.startsWith(`${name}/`)) && (!best || name.length > best.unit.length)) best = { unit: name, layer, rank, apart };
    }
  });
  return best;
}

/** The folder a path belongs to under `base` (null when it is `base` itself or outside), and what is left. */
function partOf(base, file) {
  const rel = path.relative(base, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [name, ...rest] = rel.split(path.sep);
  return { name, rest: rest.join('/') };
}

function inside(base, file) {
  const rel = path.relative(base, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

const nodeBuiltins = new Set(builtinModules.filter((name) => !name.startsWith('_')).flatMap((name) => [name, `node:${name}`]));
const isNodeBuiltin = (source) => source.startsWith('node:') || nodeBuiltins.has(source) || nodeBuiltins.has(source.split('/')[0]);
const SERVER_PACKAGES = /^(fastify|@fastify\/|drizzle|pg$|pg\/|@electric-sql|@node-rs|sharp$|nodemailer)/;
const UI_PACKAGES = /^(react|preact|@radix-ui|@tanstack)/;

export const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'The import directions of src/: shared is pure, web is browser code, features behind their index.ts, the server in layers.' },
    schema: [],
    messages: {
      module:
        'A module never imports another module ("{{target}}"): what they share belongs in a layer beneath them (server/domain, db, ledger, providers...).',
      feature: 'A feature is used only through its entry point, features/{{feature}}/index.ts ("{{target}}"); shared helpers belong in web/lib or web/ui.',
      layer: 'The server layer "{{from}}" ({{fromUnit}}) imports only layers beneath it; "{{target}}" is in "{{to}}" ({{toUnit}}).',
      sibling: '"{{fromUnit}}" and "{{toUnit}}" are both in the server layer "{{from}}": units of one layer never import each other ("{{target}}").',
      sharedLocal: 'src/shared imports nothing from server/ or web/ ("{{target}}").',
      sharedPackage: 'src/shared is pure TypeScript for browser and server: no Node built-in, server or UI package ("{{target}}").',
      webServer: 'web/ never imports server/ ("{{target}}").',
      webPackage: 'web/ is browser code: no Node built-in or server package ("{{target}}").',
      serverWeb: 'server/ never imports web/ ("{{target}}").',
    },
  },
  create(context) {
    const file = context.filename;
    const inShared = inside(SHARED, file);
    const inWeb = inside(WEB, file);
    const fromServer = inside(SERVER, file) ? serverUnitOf(file) : null;
    const ownModule = partOf(MODULES, file);
    const ownFeature = partOf(FEATURES, file);
    if (!inShared && !inWeb && !inside(SERVER, file)) return {};

    function check(node, dynamic) {
      const source = node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null;
      if (!source) return;
      const report = (messageId, data = {}) => context.report({ node, messageId, data: { target: source, ...data } });
      if (!source.startsWith('.')) {
        if (inShared && (isNodeBuiltin(source) || SERVER_PACKAGES.test(source) || UI_PACKAGES.test(source))) report('sharedPackage');
        if (inWeb && (isNodeBuiltin(source) || SERVER_PACKAGES.test(source))) report('webPackage');
        return;
      }
      const target = path.resolve(path.dirname(file), source);
      if (inShared && (inside(SERVER, target) || inside(WEB, target))) return report('sharedLocal');
      if (inWeb && inside(SERVER, target)) return report('webServer');
      if (inside(SERVER, file) && inside(WEB, target)) return report('serverWeb');
      if (inWeb) {
        const other = partOf(FEATURES, target);
        const entry = other && (other.rest === '' || /^index(\.tsx?)?$/.test(other.rest));
        if (other && other.name !== ownFeature?.name && !entry && !dynamic) report('feature', { feature: other.name });
        return;
      }
      if (ownModule) {
        const other = partOf(MODULES, target);
        if (other && other.name !== ownModule.name) return report('module');
      }
      if (fromServer) {
        const to = inside(SERVER, target) ? serverUnitOf(target) : null;
        if (!to || to.unit === fromServer.unit) return;
        if (to.rank > fromServer.rank) report('layer', { from: fromServer.layer, fromUnit: fromServer.unit, to: to.layer, toUnit: to.unit });
        else if (to.rank === fromServer.rank && fromServer.apart && !ownModule)
          report('sibling', { from: fromServer.layer, fromUnit: fromServer.unit, toUnit: to.unit });
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source, false),
      ExportNamedDeclaration: (node) => check(node.source, false),
      ExportAllDeclaration: (node) => check(node.source, false),
      ImportExpression: (node) => check(node.source, true),
    };
  },
};
