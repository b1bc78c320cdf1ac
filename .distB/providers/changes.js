// What a target conversion changed, by JSON path: the record every provider result carries.
/** `path` extended by one key. */
export function at(path, key) {
    return { parent: path, key };
}
/** `path` extended by two keys (`anyOf`, then an index). */
export function at2(path, key, next) {
    return at(at(path, key), next);
}
/**
 * The JSON Pointer of a path. Each step keeps its pointer once built: changes on every level of
 * a deep chain (strict mode's made_nullable) rebuilt the whole prefix each time, quadratic in depth.
 */
export function pointerOf(path) {
    if (path === undefined)
        return '';
    if (path.pointer !== undefined)
        return path.pointer;
    const pointer = `${pointerOf(path.parent)}/${escapePointerToken(String(path.key))}`;
    path.pointer = pointer;
    return pointer;
}
/** The pointer of one member below a pointer already built (siblings share their parent's). */
export function memberPointer(parentPointer, key) {
    return `${parentPointer}/${escapePointerToken(key)}`;
}
function escapePointerToken(text) {
    return text.includes('~') || text.includes('/') ? text.replaceAll('~', '~0').replaceAll('/', '~1') : text;
}
/** Collects changes with their paths; one per conversion. */
export class ChangeLog {
    changes = [];
    add(kind, path, message) {
        this.changes.push({ kind, path: pointerOf(path), message });
    }
    /** {@link add} with the pointer already built. */
    addAtPointer(kind, pointer, message) {
        this.changes.push({ kind, path: pointer, message });
    }
}
//# sourceMappingURL=changes.js.map