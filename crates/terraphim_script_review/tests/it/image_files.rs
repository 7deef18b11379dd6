//! A file system made in an image file of the project or a temp directory overwrites that file
//! only: loop-image builders format what they just created. On a device, outside the project
//! or at a path known only at run time, a file system maker erases whatever is there.

use terraphim_script_review::{Language, Verdict};

use crate::rows;

use Language::{JavaScript as Js, Python as Py};
use Verdict::{Clean, Dangerous};

fn py(argv: &str) -> String {
    format!("import subprocess\n\nsubprocess.run([{argv}], check=True)\n")
}

fn js(argv: &str) -> String {
    format!("const {{ execFileSync }} = require('child_process');\nexecFileSync({argv});\n")
}

#[test]
fn file_systems_are_made_in_local_images_only() {
    rows(&[
        (
            Py,
            py(r#""mkfs.ext4", "-F", "build/rootfs.img""#),
            Clean,
            "",
        ),
        (
            Py,
            py(r#""mkfs.vfat", "-C", "/tmp/esp.img", "65536""#),
            Clean,
            "",
        ),
        (Py, py(r#""mkswap", "out/swap.img""#), Clean, ""),
        (Js, js(r#"'mkfs.ext4', ['-F', 'dist/disk.img']"#), Clean, ""),
        (
            Py,
            py(r#""mkfs.ext4", "-F", "/dev/sdb1""#),
            Dangerous,
            "destructive",
        ),
        (
            Py,
            py(r#""mkfs.ext4", "/home/dev/disk.img""#),
            Dangerous,
            "destructive",
        ),
        (
            Py,
            py(r#""mkswap", "../swapfile""#),
            Dangerous,
            "destructive",
        ),
        (
            Js,
            js(r#"'mkfs.xfs', ['/dev/nvme1n1']"#),
            Dangerous,
            "destructive",
        ),
        (
            Js,
            js(r#"'mkfs.ext4', ['-F', process.env.DEVICE]"#),
            Dangerous,
            "destructive",
        ),
    ]);
}
