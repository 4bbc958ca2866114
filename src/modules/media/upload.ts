/** The file of an upload: the name the client gave it (only its extension and stem are used) and its bytes. */
export interface UploadedFile {
  readonly name: string;
  readonly bytes: Buffer;
}

/**
 * The body of `POST /media`, read by the HTTP layer from a multipart form (`file` and the other
 * fields) or from WordPress' raw form (the bytes as the body, the name in Content-Disposition, the
 * other fields in the query string).
 */
export class Upload {
  constructor(
    readonly file: UploadedFile | undefined,
    readonly fields: Readonly<Record<string, unknown>>,
  ) {}
}
