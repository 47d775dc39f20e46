/// What identifies one version of a file on disk: device, inode, size, and modification and
/// change times to the nanosecond.
///
/// A writer replaces the file with a new inode, so a change of inode is the usual signal. The
/// store keeps the file it parsed open (see ``FileSnapshot``), so the kernel cannot hand that
/// inode number to a newer file while the store still compares against it. Size and
/// nanosecond modification time catch editors that rewrite a file in place; the change time,
/// which no program can set, catches a file whose modification time was set back.
struct FileIdentity: Hashable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modificationSeconds: Int64
  var modificationNanoseconds: Int64
  var changeSeconds: Int64
  var changeNanoseconds: Int64

  init(_ status: FileStatus) {
    device = status.device
    inode = status.inode
    size = status.size
    modificationSeconds = status.modificationSeconds
    modificationNanoseconds = status.modificationNanoseconds
    changeSeconds = status.changeSeconds
    changeNanoseconds = status.changeNanoseconds
  }
}
