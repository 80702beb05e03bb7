import Foundation

/// The width of the terminal standard error is on: the kernel's window size (TIOCGWINSZ), else
/// `$COLUMNS`, else 80. Read at each redraw, so resizing the window resizes the bar.
func terminalColumns() -> Int {
    var size = winsize()
    if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
        return Int(size.ws_col)
    }
    if let text = ProcessInfo.processInfo.environment["COLUMNS"], let columns = Int(text), columns > 0 {
        return columns
    }
    return 80
}
