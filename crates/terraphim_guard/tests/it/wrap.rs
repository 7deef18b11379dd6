//! The sandbox wrapper quotes the original exactly: a shell running the rewritten command hands
//! the original to `guard exec` byte for byte, whatever it contains.

use std::os::unix::fs::PermissionsExt as _;
use std::process::Command;

use proptest::prelude::*;
use terraphim_guard::sandbox_command;

/// A stand-in for `terraphim-agent` that writes its last argument to `$OUT`.
fn recorder(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("record last arg");
    std::fs::write(
        &path,
        "#!/bin/sh\nfor a; do last=$a; done\nprintf '%s' \"$last\" > \"$OUT\"\n",
    )
    .unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn the_wrapped_command_reaches_exec_byte_for_byte(original in "[^\\x00]{0,60}", id in "[^\\x00]{0,12}") {
        let dir = tempfile::tempdir().unwrap();
        let bin = recorder(dir.path());
        let out = dir.path().join("out");
        let wrapped = sandbox_command(bin.to_str().unwrap(), "readonly", Some(&id), &original);
        let status = Command::new("bash").arg("-c").arg(&wrapped).env("OUT", &out).status().unwrap();
        prop_assert!(status.success(), "bash failed on {wrapped:?}");
        let got = std::fs::read(&out).unwrap();
        prop_assert_eq!(got, original.as_bytes().to_vec());
    }
}
