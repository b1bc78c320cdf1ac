/** Reports progress; `done()` clears the line. */
export interface Progress {
    update(message: string): void;
    done(): void;
}
/** A progress indicator on a TTY stderr; a no-op elsewhere (pipes, CI, tests). */
export declare function progressOn(stream: NodeJS.WritableStream & {
    isTTY?: boolean;
}): Progress;
//# sourceMappingURL=progress.d.ts.map