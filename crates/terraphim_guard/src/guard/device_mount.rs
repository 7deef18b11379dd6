//! A disk mounted read-write (rule `deny_device_mounted_rw`): `sudo mount /dev/sdb1 /mnt/x`.
//!
//! Mounting a block device without `ro` lets the file system write to it at once (the journal is
//! replayed, access times and the superblock's mount count are updated) and lets everything
//! after it write there: on a disk brought for examination that destroys the evidence (its
//! hashes no longer match), on a server's data disk or a partition of the running system (`-o
//! remount,rw /`) it changes what every user relies on. Mounted read-only (`-r`,
//! `--read-only`, an `ro` item of `-o`) nothing is written; an image file of the project
//! (`mount -o loop case/disk.img`) is no device of the machine, and the `mount filesystem`
//! entry keeps such lines confined.

use super::types::{Part, Verdict};
use crate::parse::SimpleCommand;

/// Block devices of the machine's disks: SCSI/SATA/USB, NVMe, virtio, Xen, IDE and MMC/SD
/// disks, software RAID, device-mapper volumes (LVM, LUKS) and the stable links to them.
const DISK_DEVICES: &[&str] = &[
    "/dev/sd",
    "/dev/nvme",
    "/dev/vd",
    "/dev/xvd",
    "/dev/hd",
    "/dev/mmcblk",
    "/dev/md",
    "/dev/dm-",
    "/dev/mapper/",
    "/dev/disk/",
];

/// The disk device a `mount` command mounts read-write, if any.
pub(super) fn device_mounted_rw(cmd: &SimpleCommand) -> Option<&str> {
    if cmd.name() != "mount" {
        return None;
    }
    let mut read_only = false;
    let mut remount = false;
    let mut device = None;
    let mut operand = None;
    let mut words = cmd.argv.iter().skip(1);
    while let Some(w) = words.next() {
        let options = match w.as_str() {
            "-o" | "--options" => words.next().map(String::as_str),
            _ => w
                .strip_prefix("--options=")
                .or_else(|| w.strip_prefix("-o").filter(|v| !v.is_empty())),
        };
        if let Some(options) = options {
            for o in options.split(',') {
                match o {
                    "ro" => read_only = true,
                    "rw" => read_only = false,
                    "remount" => remount = true,
                    _ => {}
                }
            }
            continue;
        }
        match w.as_str() {
            "-r" | "--read-only" => read_only = true,
            "-w" | "--rw" | "--read-write" => read_only = false,
            // `-t TYPE`, `-L LABEL`, `-U UUID`: a value follows; a label or UUID names a disk.
            "-t" | "--types" | "-O" | "--test-opts" | "-N" | "--namespace" => {
                words.next();
            }
            "-L" | "--label" | "-U" | "--uuid" => {
                device = device.or(words.next().map(String::as_str));
            }
            _ if w.starts_with("LABEL=")
                || w.starts_with("UUID=")
                || w.starts_with("PARTUUID=") =>
            {
                device = device.or(Some(w.as_str()));
            }
            _ if DISK_DEVICES
                .iter()
                .any(|d| w.starts_with(d) && w.len() > d.len()) =>
            {
                device = device.or(Some(w.as_str()));
            }
            _ if w.starts_with('-') && !w.starts_with("--") => {
                // a cluster of switches (`-rv`, `-vw`): the last of `-r` and `-w` holds
                for c in w[1..].chars() {
                    match c {
                        'r' => read_only = true,
                        'w' => read_only = false,
                        _ => {}
                    }
                }
            }
            _ if w.starts_with("--") => {}
            _ => operand = operand.or(Some(w.as_str())),
        }
    }
    if read_only {
        return None;
    }
    // `mount -o remount,rw /`: a mounted file system made writable again.
    device.or(operand.filter(|_| remount))
}

/// Denies each part that mounts a disk device read-write (see the module doc).
pub(super) fn deny_device_mounted_rw(cmds: &[SimpleCommand], parts: &mut [Part]) {
    for (ci, cmd) in cmds.iter().enumerate() {
        let Some(part) = parts.get_mut(ci) else {
            continue;
        };
        if part.verdict == Verdict::Deny {
            continue;
        }
        if let Some(device) = device_mounted_rw(cmd) {
            part.verdict = Verdict::Deny;
            part.profile = None;
            part.reason = format!(
                "mounts `{device}`, a disk of this machine, read-write: the file system writes to it at once and everything after may change it (evidence on a disk brought for examination no longer matches its hashes; a server's data disk is changed under its users); mount it with `-o ro`, or let a human mount it (destructive: disk mounted read-write)"
            );
        }
    }
}
