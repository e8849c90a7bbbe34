import path from 'node:path';

/**
 * One capability per folder, at any depth (docs/conventions.md):
 * - a server module (src/server/modules/<name>) never imports another module: it goes through
 *   server/{db,ledger,providers,http,otp,...};
 * - a web feature (src/web/features/<name>) uses another feature only through that feature's
 *   index.ts (its public surface), never its internals; helpers used by several features belong in
 *   web/lib or web/ui.
 * Relative imports are resolved against the importing file, so `../other`, `../../modules/other/x`
 * and `../../features/other/deep/x` are all seen. (A local rule: the maintained plugins that do this
 * resolve through native bindings the package registry here does not serve for every platform,
 * which breaks `npm ci`; see docs/decisions/002.)
 */
const SRC = path.resolve(import.meta.dirname, '..', 'src');
const MODULES = path.join(SRC, 'server', 'modules');
const FEATURES = path.join(SRC, 'web', 'features');

/** The folder a path belongs to under `base` ('' when it is `base` itself or outside), and what is left. */
function partOf(base, file) {
  const rel = path.relative(base, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [name, ...rest] = rel.split(path.sep);
  return { name, rest: rest.join('/') };
}

export const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Modules never import other modules; features use other features only through their index.ts.' },
    schema: [],
    messages: {
      module: 'A module never imports another module ("{{target}}"): go through server/{db,ledger,providers,http,otp}.',
      feature: 'A feature uses another feature only through its index.ts ("{{target}}"); shared helpers belong in web/lib or web/ui.',
    },
  },
  create(context) {
    const file = context.filename;
    const ownModule = partOf(MODULES, file);
    const ownFeature = partOf(FEATURES, file);
    if (!ownModule && !ownFeature) return {};
    function check(node) {
      const source = node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null;
      if (!source || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      if (ownModule) {
        const other = partOf(MODULES, target);
        if (other && other.name !== ownModule.name) context.report({ node, messageId: 'module', data: { target: source } });
      }
      if (ownFeature) {
        const other = partOf(FEATURES, target);
        const surface = other && (other.rest === '' || /^index(\.tsx?)?$/.test(other.rest));
        if (other && other.name !== ownFeature.name && !surface) context.report({ node, messageId: 'feature', data: { target: source } });
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
