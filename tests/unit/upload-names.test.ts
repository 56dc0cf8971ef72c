/**
 * The uploads' allow-list (issue 28, section 5): a file's whole name goes with its kind, and every
 * file picker offers what the server takes (app/domain/attachments.ts).
 */
import { describe, expect, it } from "vitest";
import { UPLOAD_KINDS, UPLOAD_TYPES, uploadAccept, uploadExtensions, uploadNameAllowed } from "../../app/domain/attachments";
import { ATTACHMENT_ACCEPT } from "../../app/lib/attachments";
import { detectType, safeFilename } from "../../workers/files/sniff";

describe("uploadNameAllowed", () => {
  it("takes names with the kind's extension, or none, and dots that are not a program's", () => {
    for (const name of ["report.pdf", "Report.PDF", "minutes.docx", "list.txt", "notes", "report.2026.final.pdf", "C:\\Users\\me\\plan.odt", "Relatório final.pdf"]) {
      expect(uploadNameAllowed(name, "document"), name).toBe(true);
    }
    for (const name of ["photo.jpg", "photo.JPEG", "shot.webp", "avatar.png", "blob"]) expect(uploadNameAllowed(name, "image"), name).toBe(true);
  });

  it("refuses an extension the kind does not take, and a program's extension anywhere in the name", () => {
    for (const name of ["setup.exe", "run.exe.txt", "invoice.EXE.pdf", "setup.exe.", "setup.exe .", "page.html", "script.js.md", "a.bat;.txt", "in\u202Efdp.exe\u202C.pdf", "archive.zip", "photo.png"]) {
      expect(uploadNameAllowed(name, "document"), name).toBe(false);
    }
    for (const name of ["photo.pdf", "photo.svg", "photo.exe.png", "photo.html.jpg", "photo.bmp"]) expect(uploadNameAllowed(name, "image"), name).toBe(false);
  });
});

describe("the allow-list", () => {
  it("is what each picker offers", () => {
    expect(ATTACHMENT_ACCEPT.document).toBe(uploadAccept("document"));
    expect(ATTACHMENT_ACCEPT.image).toBe(uploadAccept("image"));
    expect(uploadAccept("image").split(",")).toEqual([".png", ".jpg", ".jpeg", ".gif", ".webp", "image/png", "image/jpeg", "image/gif", "image/webp"]);
    expect(uploadAccept("document")).not.toMatch(/exe|zip|html/);
  });

  it("names the extensions of the types the server detects by their bytes", () => {
    const pdf = detectType("document", new TextEncoder().encode("%PDF-1.7\n"))!;
    expect(pdf.extensions).toEqual([...UPLOAD_TYPES.pdf.extensions]);
    const text = detectType("document", new TextEncoder().encode("hello\n"))!;
    expect(text.extensions.every((extension) => uploadExtensions("document").includes(extension))).toBe(true);
    expect(UPLOAD_KINDS.image.flatMap((type) => UPLOAD_TYPES[type].extensions)).toEqual(uploadExtensions("image"));
  });

  it("stores a picture named as another picture under its own type's extension", () => {
    const png = detectType("image", Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))!;
    expect(safeFilename("photo.jpg", png)).toBe("photo.png");
    expect(safeFilename("photo", png)).toBe("photo.png");
    expect(safeFilename("photo.png", png)).toBe("photo.png");
  });
});
