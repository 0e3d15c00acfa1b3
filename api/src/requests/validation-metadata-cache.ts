import { getMetadataStorage } from 'class-validator';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type TargetMetadatas = MetadataStorage['getTargetValidationMetadatas'];

const INSTALLED = Symbol('validation metadata cache installed');

/**
 * Makes class-validator look up a class's rules once rather than on every validation.
 *
 * `validate` and `validateSync` ask the metadata storage for the rules of the class being checked, and the storage
 * finds the inherited ones by testing every decorated class of the app with `instanceof`, on every call
 * (typestack/class-validator#2686, open): with this API's few hundred request classes that was about 5% of a survey
 * POST's CPU. A class's rules are all registered when the class and its ancestors are defined, before anything can
 * validate it, so the answer is kept per class and per set of options. Any rule registered later (a class loaded
 * late) empties the cache, so nothing is ever answered from a stale list.
 *
 * Installed once, on class-validator's own storage (the one its decorators write to); a second call does nothing.
 */
export function cacheValidationMetadata(storage: MetadataStorage = getMetadataStorage()): void {
  const marked = storage as MetadataStorage & { [INSTALLED]?: true };
  if (marked[INSTALLED]) return;
  marked[INSTALLED] = true;

  const lookUp: TargetMetadatas = storage.getTargetValidationMetadatas.bind(storage);
  let byTarget = new WeakMap<object, Map<string, ReturnType<TargetMetadatas>>>();
  storage.getTargetValidationMetadatas = (targetConstructor, targetSchema, always, strictGroups, groups) => {
    const key = `${targetSchema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0001') ?? ''}`;
    let forTarget = byTarget.get(targetConstructor);
    if (!forTarget) byTarget.set(targetConstructor, (forTarget = new Map()));
    let metadatas = forTarget.get(key);
    if (!metadatas) forTarget.set(key, (metadatas = lookUp(targetConstructor, targetSchema, always, strictGroups, groups)));
    return metadatas;
  };

  const add = storage.addValidationMetadata.bind(storage);
  storage.addValidationMetadata = (metadata) => {
    byTarget = new WeakMap();
    add(metadata);
  };
}
