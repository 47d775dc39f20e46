/// What identifies one version of a file on disk: its whole status, so device, inode, size,
/// and modification and change times to the nanosecond.
///
/// A writer replaces the file with a new inode, so a change of inode is the usual signal. The
/// store keeps the file it parsed open (see ``FileSnapshot``), so the kernel cannot hand that
/// inode number to a newer file while the store still compares against it. Size and
/// nanosecond modification time catch editors that rewrite a file in place; the change time,
/// which no program can set, catches a file whose modification time was set back. The rest of
/// the status (permissions, owner, kind) changes the change time too, so comparing it as well
/// tells nothing apart that the times do not.
struct FileIdentity: Hashable, Sendable {
  let status: FileStatus

  init(_ status: FileStatus) {
    self.status = status
  }
}
